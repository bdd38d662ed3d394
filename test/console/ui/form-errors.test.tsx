import { useForm } from '@mantine/form';
import { renderHook, act } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ApiProblem } from '../../../console/src/shared/api/client';
import { showProblem } from '../../../console/src/shared/ui/form-errors';

it('puts the API field errors next to the fields they name, and the rest above the form', () => {
  const { result } = renderHook(() => useForm({ initialValues: { name: '', dueDate: '' } }));
  const problem = new ApiProblem(400, 'parameter_invalid', 'Invalid parameters', [
    { param: 'dueDate', message: 'must be an ISO 8601 date' },
    { param: 'languagePair.source', message: 'unknown language' },
  ]);
  let message: string | undefined;
  act(() => {
    message = showProblem(result.current, problem);
  });
  expect(result.current.errors).toEqual({ dueDate: 'must be an ISO 8601 date' });
  expect(message).toBe('languagePair.source: unknown language');
});

it('answers no message when every detail found its field, and the message for an error without details', () => {
  const { result } = renderHook(() => useForm({ initialValues: { name: '' } }));
  let placed: string | undefined = 'unset';
  act(() => {
    placed = showProblem(result.current, new ApiProblem(400, 'parameter_missing', 'Missing', [{ param: 'name', message: 'is required' }]));
  });
  expect(placed).toBeUndefined();
  expect(result.current.errors).toEqual({ name: 'is required' });
  act(() => {
    placed = showProblem(result.current, new ApiProblem(409, 'resource_in_use', 'The client has jobs'));
  });
  expect(placed).toBe('The client has jobs');
});
