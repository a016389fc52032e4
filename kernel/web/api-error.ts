// Its own module: the widgets' fetch client (widgets/kernel/api.ts) throws it too, without pulling in
// the app's superagent client.

/** An API failure with the server's code, mapped by the UI to a translated catalogue text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
  /** i18n key of the member-facing text: `errors.<code>`, falling back to the generic text. */
  get key(): string {
    return `kernel:errors.${this.code}`;
  }
}
