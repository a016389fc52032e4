/** The JSON body of every error answer from the API. */
export interface ApiErrorBody {
  error: string;                                // stable code, e.g. "login_failed"
  message: string;                              // English developer text
  params?: Record<string, string | number>;     // values for the translated text
}
