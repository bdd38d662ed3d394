import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiProblem } from '../../../console/src/shared/api/client';
import { InlineField, type EditorProps } from '../../../console/src/shared/ui/inline-field';
import { renderWithProviders } from '../render';

const editor = (props: EditorProps<string>) => <TextInput {...props} onChange={(event) => props.onChange(event.currentTarget.value)} />;

function field(options: { save?: (value: string) => Promise<unknown>; validate?: (value: string) => string | null; canEdit?: boolean; value?: string } = {}) {
  const save = vi.fn(options.save ?? (() => Promise.resolve()));
  renderWithProviders(
    <InlineField<string>
      label="Reference"
      param="externalReference"
      display={options.value ?? 'ABC'}
      initial={() => options.value ?? 'ABC'}
      canEdit={options.canEdit ?? true}
      validate={options.validate}
      save={save}
      editor={editor}
    />,
  );
  return save;
}

describe('a field edited in place', () => {
  it('opens on a click with the focus in its editor, saves on Enter, and gives the focus back to the value', async () => {
    const user = userEvent.setup();
    const save = field();
    await user.click(screen.getByRole('button', { name: 'ABC Edit Reference' }));
    const input = screen.getByRole('textbox', { name: 'Reference' });
    expect(input).toHaveFocus();
    expect(input).toHaveValue('ABC');
    await user.clear(input);
    await user.type(input, 'XYZ{Enter}');
    expect(save).toHaveBeenCalledWith('XYZ');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Reference' })).toBeNull());
    expect(screen.getByRole('button', { name: /Edit Reference/ })).toHaveFocus();
  });

  it('puts the value back on Escape and on Cancel, without saving', async () => {
    const user = userEvent.setup();
    const save = field();
    const opener = screen.getByRole('button', { name: /Edit Reference/ });
    opener.focus();
    await user.keyboard('{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'more{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Reference' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: /Edit Reference/ })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: /Edit Reference/ }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'more');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Reference' })).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });

  it('does not send a value that did not change', async () => {
    const user = userEvent.setup();
    const save = field();
    await user.click(screen.getByRole('button', { name: /Edit Reference/ }));
    await user.keyboard('{Enter}');
    expect(save).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Reference' })).toBeNull();
  });

  it('shows the rule a value breaks, and the API’s error on its parameter, at the editor, which stays open', async () => {
    const user = userEvent.setup();
    const save = field({
      validate: (value) => (value.length > 5 ? 'At most 5 characters' : null),
      save: () => Promise.reject(new ApiProblem(400, 'parameter_invalid', 'Invalid', [{ param: 'externalReference', message: 'is already used by job 12' }])),
    });
    await user.click(screen.getByRole('button', { name: /Edit Reference/ }));
    const input = screen.getByRole('textbox', { name: 'Reference' });
    await user.type(input, 'DEFGH{Enter}');
    expect(await screen.findByText('At most 5 characters')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'XY{Enter}');
    expect(await screen.findByText('is already used by job 12')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Reference' })).toBeInTheDocument();
  });

  it('is plain text for a role that may not change it', () => {
    field({ canEdit: false });
    expect(screen.getByText('ABC')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says "Not set" for an empty value', () => {
    field({ value: '' });
    expect(screen.getByRole('button', { name: 'Not set Edit Reference' })).toBeInTheDocument();
  });
});
