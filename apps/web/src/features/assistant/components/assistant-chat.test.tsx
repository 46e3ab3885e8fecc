import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_TEXT, WELCOME_SUGGESTIONS } from '@escrow/shared/schemas/assistant';
import { fail, ok, renderAt, stubApi } from '../../../testing/render-at';
import AssistantChat from './assistant-chat';

const withdrawAnswer = {
  response: 'Open your wallet and choose Withdraw Funds. A withdrawal costs ₦50.',
  suggestions: ['What is the withdrawal fee?'],
  action: { type: 'NAVIGATE', value: '/app/wallet', label: 'Go to wallet' },
};

const conversation = () => screen.getByRole('log', { name: 'Conversation' });
const input = () => screen.getByRole('textbox', { name: 'Ask a question' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

describe('AssistantChat', () => {
  it('opens with the welcome message and its five suggestions', () => {
    stubApi({});
    renderAt(<AssistantChat />, { path: '/app/dashboard' });
    expect(within(conversation()).getByText(ASSISTANT_TEXT.welcome)).toBeInTheDocument();
    const suggestions = within(conversation()).getByRole('group', { name: 'Suggested questions' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...WELCOME_SUGGESTIONS]);
  });

  it('sends nothing while blank, shows the question and the answer, and its one button navigates', async () => {
    const { calls } = stubApi({ 'POST /api/chatbot/ask': () => ok(withdrawAnswer) });
    renderAt(<AssistantChat />, { path: '/app/dashboard' });
    expect(sendButton()).toBeDisabled();
    await userEvent.type(input(), '    ');
    expect(sendButton()).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(calls).toHaveLength(0);

    await userEvent.clear(input());
    await userEvent.type(input(), '  How do I withdraw funds?  {Enter}');
    expect(
      within(conversation()).getByText('How do I withdraw funds?', { selector: 'div' }),
    ).toHaveTextContent('You said: How do I withdraw funds?');
    expect(await within(conversation()).findByText(withdrawAnswer.response)).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ message: 'How do I withdraw funds?' });
    expect(input()).toHaveValue('');
    const links = within(conversation()).getAllByRole('link');
    expect(links).toHaveLength(1);
    await userEvent.click(within(conversation()).getByRole('link', { name: 'Go to wallet' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/app/wallet');
  });

  it('sends a suggestion as the question, and nothing more while the answer is pending', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    const { calls } = stubApi({
      'POST /api/chatbot/ask': () => new Promise((resolve) => (answer = resolve)),
    });
    renderAt(<AssistantChat />, { path: '/app/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'What are the fees?' }));
    expect(await screen.findByText('Assistant is typing…')).toBeInTheDocument();
    await userEvent.type(input(), 'another question');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'How do I withdraw funds?' })).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ message: 'What are the fees?' });
    answer(ok({ response: 'A 2.5% escrow fee.', suggestions: [] }));
    expect(await screen.findByText('A 2.5% escrow fee.')).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it("gives the spec's apology and toast when the server cannot be reached; 'Try asking again' repeats the question", async () => {
    let reachable = false;
    const { calls } = stubApi({
      'POST /api/chatbot/ask': () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return ok(withdrawAnswer);
      },
    });
    renderAt(<AssistantChat />, { path: '/app/dashboard' });
    await userEvent.type(input(), 'How do I withdraw funds?{Enter}');
    expect(await within(conversation()).findByText(ASSISTANT_TEXT.connectionTrouble)).toBeInTheDocument();
    expect(await screen.findByText(ASSISTANT_TEXT.failedToast)).toBeInTheDocument();
    for (const name of ['Try asking again', 'Contact support', 'Check our help center'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();

    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try asking again' }));
    expect(await within(conversation()).findByText(withdrawAnswer.response)).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([
      { message: 'How do I withdraw funds?' },
      { message: 'How do I withdraw funds?' },
    ]);
  });

  it("shows the server's reason when it refuses (too many questions)", async () => {
    stubApi({
      'POST /api/chatbot/ask': () => fail(429, 'Too many attempts, try again in 1 minute', 'RATE_LIMITED'),
    });
    renderAt(<AssistantChat />, { path: '/app/dashboard' });
    await userEvent.type(input(), 'What are the fees?{Enter}');
    await waitFor(() =>
      expect(within(conversation()).getByText(/Too many attempts, try again/)).toBeInTheDocument(),
    );
    expect(within(conversation()).queryByText(ASSISTANT_TEXT.connectionTrouble)).not.toBeInTheDocument();
  });

  it('renders answers as text, never as markup', async () => {
    stubApi({
      'POST /api/chatbot/ask': () => ok({ response: '<img src=x onerror=alert(1)>', suggestions: [] }),
    });
    const { container } = renderAt(<AssistantChat />, { path: '/app/dashboard' });
    await userEvent.type(input(), 'hello{Enter}');
    expect(await screen.findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});
