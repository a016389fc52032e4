import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks } from './early-clicks.ts';

afterEach(() => { document.body.innerHTML = ''; });

function page() {
  document.body.innerHTML = '<div id="root"><button type="button">Like</button><a href="/pages/terms">Terms</a><p>text</p></div>';
  const root = document.getElementById('root')!;
  return { root, button: root.querySelector('button')!, link: root.querySelector('a')!, text: root.querySelector('p')! };
}

describe('holdEarlyClicks', () => {
  it("takes over the taps the page's script loader held before the code arrived, and gives them back first", () => {
    const { root, button, link } = page();
    const order: string[] = [];
    button.addEventListener('click', () => order.push('button'));
    link.addEventListener('click', (e) => { e.preventDefault(); order.push('link'); });
    const take = vi.fn(() => [button]);
    (window as Window & { __earlyClicks?: unknown }).__earlyClicks = { take };
    try {
      const release = holdEarlyClicks(root);
      expect(take).toHaveBeenCalledTimes(1);
      link.click();
      expect(order).toEqual([]);
      release();
      expect(order).toEqual(['button', 'link']);
    } finally {
      delete (window as Window & { __earlyClicks?: unknown }).__earlyClicks;
    }
  });

  it('holds a click on a button or a link until released, then gives it back to the same element once', () => {
    const { root, button, link } = page();
    const release = holdEarlyClicks(root);
    const onButton = vi.fn();
    const onLink = vi.fn((e: Event) => e.preventDefault());
    button.addEventListener('click', onButton);
    link.addEventListener('click', onLink);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    button.dispatchEvent(early);
    link.click();
    // Not yet handled, and the link did not navigate.
    expect(onButton).not.toHaveBeenCalled();
    expect(onLink).not.toHaveBeenCalled();
    expect(early.defaultPrevented).toBe(true);
    release();
    expect(onButton).toHaveBeenCalledTimes(1);
    expect(onLink).toHaveBeenCalledTimes(1);
    // Released for good: later clicks pass straight through, a second release gives nothing back.
    button.click();
    release();
    expect(onButton).toHaveBeenCalledTimes(2);
  });

  it('lets modified clicks and clicks on plain content through, and drops clicks on replaced nodes', () => {
    const { root, button, link, text } = page();
    const release = holdEarlyClicks(root);
    const onLink = vi.fn((e: Event) => e.preventDefault());
    link.addEventListener('click', onLink);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true }));
    expect(onLink).toHaveBeenCalledTimes(1);
    const onText = vi.fn();
    text.addEventListener('click', onText);
    text.click();
    expect(onText).toHaveBeenCalledTimes(1);
    const onButton = vi.fn();
    button.addEventListener('click', onButton);
    button.click();
    button.remove(); // the client rendered anew: that node is gone
    release();
    expect(onButton).not.toHaveBeenCalled();
  });
});
