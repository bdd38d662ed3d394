/** The header's global search. */
export const search = {} as const;
