export type StatementTimes = Map<string, { count: number; ns: bigint }>;
export function timeStatements(): StatementTimes;
export function statementReport(statements: StatementTimes, requests: number, top?: number): string;
