// The auth plugin's browser pieces other plugins may use: its store slice (who is logged in).
export { authSlice } from './web/store.ts';
