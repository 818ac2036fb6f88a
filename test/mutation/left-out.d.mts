/** Test files the mutation run leaves out → why (left-out.mjs). */
export declare const leftOut: Record<string, string>;
