/** The development seed's hours file, relative to the project. */
export const DEV_HOURS_FILE: string;
/** The shop's one-off days file, relative to the project. */
export const SHOP_EXCEPTIONS_FILE: string;
/** The ZIP codes' positions file (42,000 rows), relative to the project. */
export const ZIP_CENTROIDS_FILE: string;
/** The seed files, relative to `root`, in the order they are applied, for the local hours in force. */
export function seedFiles(root: string, hours?: "dev" | "shop", options?: { zipCentroids?: boolean }): string[];
/** Of a seed file's statements, its DELETEs. */
export function deleteStatements(statements: string[]): string[];
