// A page the server rendered shows before its code runs: its first-screen photos and text should get
// the phone's bandwidth first, and the code (about 150 KiB) after them. Such a page carries no
// `<script defer>` tags; a small inline loader asks for the scripts and the page's chunks once the
// first screen has painted (the document parsed, the photos it preloads loaded, a frame drawn), at
// the latest after LATE_SCRIPTS_CAP_MS, and at once on a first tap. A tap on a button or link before
// then is held and given back once the page is hydrated (kernel/web/early-clicks.ts takes them over).
import crypto from 'node:crypto';
import { EARLY_CLICKS_GLOBAL } from '../contract/boot.ts';

/** A slow photo never keeps the page's code waiting longer than this. */
export const LATE_SCRIPTS_CAP_MS = 2500;

// Plain ES2015 with no build step: it runs as written, inline (CSP allows it by its hash).
const LOADER = `(function(){
var d=document,me=d.currentScript,started=false,held=[];
var scripts=me.dataset.scripts.split(' '),chunks=me.dataset.chunks?me.dataset.chunks.split(' '):[];
function add(tag,props){var el=d.createElement(tag);for(var k in props)el[k]=props[k];d.head.appendChild(el);}
function start(){
if(started)return;started=true;
chunks.forEach(function(href){add('link',{rel:'preload',as:'script',href:href});});
scripts.forEach(function(src){add('script',{src:src,async:false});});
}
function hold(e){
if(e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
var root=d.getElementById('root'),t=e.target&&e.target.closest&&e.target.closest('button, a[href], [role="button"]');
if(!t||!root||!root.contains(t))return;
e.preventDefault();e.stopImmediatePropagation();held.push(t);start();
}
d.addEventListener('click',hold,true);
window.${EARLY_CLICKS_GLOBAL}={take:function(){d.removeEventListener('click',hold,true);return held.splice(0);}};
var parsed=false,done=[];
function ready(){
if(started||!parsed)return;
var photos=d.querySelectorAll('link[rel=preload][as=image]');
for(var i=0;i<photos.length;i++)if(done.indexOf(photos[i])<0)return;
requestAnimationFrame(function(){setTimeout(start,0);});
}
function photo(e){var l=e.target;if(l.tagName==='LINK'&&l.rel==='preload'&&l.as==='image'){done.push(l);ready();}}
d.addEventListener('load',photo,true);d.addEventListener('error',photo,true);
d.addEventListener('DOMContentLoaded',function(){parsed=true;ready();});
setTimeout(start,${LATE_SCRIPTS_CAP_MS});
})();`;

/** The CSP source that lets the loader (and nothing else inline) run. */
export const LATE_SCRIPTS_CSP = `'sha256-${crypto.createHash('sha256').update(LOADER).digest('base64')}'`;

const DEFERRED = /<script defer src="([^"]+)"><\/script>/g;

/** Whether the built shell loads its code with deferred scripts (which withLateScripts can put off). */
export const hasDeferredScripts = (html: string) => html.search(DEFERRED) >= 0;

/**
 * `html` (the built shell) with its deferred scripts replaced by the loader, which also preloads
 * `chunks` (the page's own JavaScript files) when it starts.
 */
export function withLateScripts(html: string, chunks: readonly string[]): string {
  const scripts = [...html.matchAll(DEFERRED)].map((m) => m[1]);
  const attr = (list: readonly string[]) => list.join(' ').replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const loader = `<script data-scripts="${attr(scripts)}"${chunks.length ? ` data-chunks="${attr(chunks)}"` : ''}>${LOADER}</script>`;
  // Where the first of them was: before the stylesheet, which an inline script would wait for.
  let first = true;
  return html.replace(DEFERRED, () => (first ? (first = false, loader) : ''));
}
