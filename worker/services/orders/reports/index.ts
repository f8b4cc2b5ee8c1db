/** The owner's numbers, read from the orders: the figures and their CSV exports. */
export { loadNumbers, type NumbersFigures, type ReadCost } from "./figures";
export { exportFileName, streamExport, type ExportKind } from "./exports";
