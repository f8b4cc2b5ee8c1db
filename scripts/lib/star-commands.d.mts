export interface PrintedLine {
  text: string;
  bold: boolean;
  big: boolean;
}
export function decodeStarCommands(bytes: Uint8Array): PrintedLine[][];
export function decodePlainText(text: string): PrintedLine[][];
export function pagesAsText(pages: PrintedLine[][]): string;
