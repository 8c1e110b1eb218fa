/** Cells of a table row, split where GitHub splits: on every `|` not escaped by a backslash. */
export declare function tableCells(row: string): string[];
/** Problems in one Markdown file (`file` relative to the repository root), as `file:line: why`. */
export declare function checkMarkdown(file: string, text: string): string[];
/** The repository's Markdown files, relative to the root. */
export declare function markdownFiles(): string[];
/** Checks every Markdown file; returns the problems found. */
export declare function checkAllMarkdown(): string[];
