/** The one error shape every API answer uses. */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** The input field at fault, for 400s. */
    field?: string;
  };
}
