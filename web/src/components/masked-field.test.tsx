import { maskCep, maskPhone } from '@quitute/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mask } from '../lib/masked-input';
import { MaskedField } from './masked-field';

function Form({ mask, label }: { mask: Mask; label: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <MaskedField
        label={label}
        mask={mask}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <output>{value}</output>
    </>
  );
}

afterEach(cleanup);

describe('MaskedField', () => {
  it('given a phone typed digit by digit, then the input and the form both hold the grouped number, and the numeric keypad is asked for', async () => {
    const user = userEvent.setup();
    render(<Form mask={maskPhone} label="Telefone" />);
    const input = screen.getByLabelText<HTMLInputElement>('Telefone');
    await user.type(input, '11987654321');
    expect(input.value).toBe('(11) 98765-4321');
    expect(screen.getByRole('status').textContent).toBe('(11) 98765-4321');
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });

  it('given a phone pasted as +55 11 98765-4321, then it shows (11) 98765-4321', async () => {
    const user = userEvent.setup();
    render(<Form mask={maskPhone} label="Telefone" />);
    const input = screen.getByLabelText<HTMLInputElement>('Telefone');
    await user.click(input);
    await user.paste('+55 11 98765-4321');
    expect(input.value).toBe('(11) 98765-4321');
  });

  it('given a digit deleted in the middle, then the caret stays where it was and typing goes on from there', async () => {
    const user = userEvent.setup();
    render(<Form mask={maskCep} label="CEP" />);
    const input = screen.getByLabelText<HTMLInputElement>('CEP');
    await user.type(input, '01310100');
    expect(input.value).toBe('01310-100');
    // Caret after '013', Backspace removes the '3', then '4' goes in its place.
    input.setSelectionRange(3, 3);
    await user.keyboard('{Backspace}');
    expect(input.value).toBe('01101-00');
    expect(input.selectionStart).toBe(2);
    await user.keyboard('4');
    expect(input.value).toBe('01410-100');
    expect(input.selectionStart).toBe(3);
  });
});
