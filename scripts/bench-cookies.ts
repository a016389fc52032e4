// The benchmarks' logged-in browser contexts: a `Cookie` header ("sid=…; other=…") as Playwright cookies.
export function cookiesOf(header: string, url: string) {
  return header.split('; ').map((c) => {
    const i = c.indexOf('=');
    return { name: c.slice(0, i), value: c.slice(i + 1), url };
  });
}
