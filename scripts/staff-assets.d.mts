/** Types of staff-assets.mjs (run by node as is, tested from TypeScript). */
export declare const STAFF_DIST: string;
export declare function staffFirstLoad(html: string): { js: string[]; css: string[] };
export declare function readStaffPage(): string;
export declare function staffGzipSize(file: string): number;
