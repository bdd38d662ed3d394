import type { UseFormReturnType } from '@mantine/form';
import { ApiProblem } from '../api/client';

/**
 * Puts the API's field errors (`details[].param`) next to the form's fields of the same names;
 * answers the message to show above the form for what no field shows (or undefined).
 * `fieldOf` maps an API parameter to a field where their names differ.
 */
export function showProblem<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  error: unknown,
  fieldOf: (param: string) => string | undefined = (param) => param,
): string | undefined {
  if (!(error instanceof ApiProblem)) return error instanceof Error ? error.message : String(error);
  const fields = Object.keys(form.getValues());
  const errors: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const detail of error.details) {
    const field = fieldOf(detail.param.split(/[.[]/)[0] ?? detail.param);
    if (field !== undefined && fields.includes(field) && errors[field] === undefined) errors[field] = detail.message;
    else unplaced.push(`${detail.param}: ${detail.message}`);
  }
  form.setErrors(errors);
  if (Object.keys(errors).length > 0 && unplaced.length === 0) return undefined;
  return unplaced.length > 0 ? unplaced.join('; ') : error.message;
}
