import { BOOT_ELEMENT_ID, type BootData } from '../contract/boot.ts';

/**
 * The inline JSON block the server writes into the page (settings, language file, plugin data such
 * as the user), or null when the page has none (e.g. `npm run dev`): then the kernel asks the API.
 */
export function readBootData(doc: Document = document): BootData | null {
  const el = doc.getElementById(BOOT_ELEMENT_ID);
  if (!el?.textContent) return null;
  try {
    const data = JSON.parse(el.textContent) as BootData;
    return data && typeof data === 'object' && data.settings ? data : null;
  } catch {
    return null;
  } finally {
    // Read once: a later kernel (tests, a reboot) must not reuse a stale user.
    el.remove();
  }
}
