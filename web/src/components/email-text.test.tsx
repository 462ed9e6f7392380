import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it("given an e-mail, then a break opportunity after its '@' and each dot, the text unchanged", () => {
    const { container } = render(
      <p>
        <EmailText email="maria.souza@provedor.com.br" />
      </p>,
    );
    expect(container.textContent).toBe('maria.souza@provedor.com.br');
    expect(container.innerHTML).toBe('<p>maria.<wbr>souza@<wbr>provedor.<wbr>com.<wbr>br</p>');
  });

  it('given an address without dots or @, then it as it is', () => {
    const { container } = render(<EmailText email="admin" />);
    expect(container.innerHTML).toBe('admin');
  });
});
