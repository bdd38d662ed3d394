/** The stored `cat_file_ids` JSON array of a job or an outsourcing (absent on rows read before the column existed). */
export function catFileIds(stored: string | undefined): string[] {
  const ids: unknown = JSON.parse(stored ?? '[]');
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
