import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasDeferredScripts, LATE_SCRIPTS_CSP, withLateScripts } from './late-scripts.ts';

const shell = '<html><head><title>x</title><script defer src="/static/js/lib.js"></script><script defer src="/static/js/index.js"></script>'
  + '<link href="/static/css/styles.css" rel="stylesheet"></head><body><div id="root"></div></body></html>';

describe('late scripts', () => {
  it('replaces the deferred scripts by one loader where the first was, before the stylesheet', () => {
    const html = withLateScripts(shell, ['/static/js/async/members.js', '/static/js/a"b.js']);
    expect(html).not.toContain('<script defer');
    const loader = /<script data-scripts="([^"]*)" data-chunks="([^"]*)">([^]*?)<\/script>/.exec(html)!;
    expect(loader[1]).toBe('/static/js/lib.js /static/js/index.js');
    expect(loader[2]).toBe('/static/js/async/members.js /static/js/a&quot;b.js');
    expect(html.indexOf('data-scripts')).toBeLessThan(html.indexOf('styles.css'));
    // The CSP hash is the loader's own: the browser runs it and nothing else inline.
    expect(LATE_SCRIPTS_CSP).toBe(`'sha256-${crypto.createHash('sha256').update(loader[3]).digest('base64')}'`);
  });

  it('leaves out data-chunks when the page has no chunk of its own', () => {
    expect(withLateScripts(shell, [])).toMatch(/<script data-scripts="[^"]+">\(function/);
  });

  it('tells a shell with deferred scripts from one without', () => {
    expect(hasDeferredScripts(shell)).toBe(true);
    expect(hasDeferredScripts('<html><head></head><body></body></html>')).toBe(false);
  });
});
