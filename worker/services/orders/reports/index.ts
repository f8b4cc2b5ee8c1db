/** The owner's numbers, read from the orders: the figures and their CSV exports. */
export { loadNumbers, type NumbersFigures } from "./figures";
export { keepClosedDaysOf } from "./closed-days-keeper";
export type { ReadCost } from "./report-batch";
export { exportFileName, streamExport, type ExportKind } from "./exports";
export { EXPORT_QUERY_LIMIT, plannedQueries } from "./export-plan";
