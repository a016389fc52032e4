/**
 * What a partner pastes into a page: a stub `flirt()` that queues calls until widgets/loader.js
 * (loaded asynchronously from the site) takes over, then the command. `siteOrigin` is the site's
 * canonical origin; `command` e.g. `flirt('signup', { ref: 'r-1', network: 'adnet', lang: 'de' });`.
 */
export function widgetSnippet(siteOrigin: string, command: string): string {
  const loader = `${siteOrigin.replace(/\/+$/, '')}/widgets/loader.js`;
  return `<script>
(function(w,d,u){w.flirt=w.flirt||function(){(w.flirt.q=w.flirt.q||[]).push(arguments)};
var s=d.createElement('script');s.async=1;s.src=u;d.head.appendChild(s)})(window,document,${JSON.stringify(loader)});
${command}
</script>`;
}
