declare module '../../../kernel/contract/events.ts' {
  interface AppEvents {
    /** New-like modal: the photo was tapped. */
    'likes:image-pressed': { id: number };
    /** New-like modal: its button was pressed. */
    'likes:button-pressed': { id: number };
  }
}
export {};
