import { conversationHistory } from './conversation-history';

describe(conversationHistory.name, () => {
  const message = (index: number, content = `message ${index}`) => ({
    role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content,
  });

  it("should give the thread as lines 'role: content'", () => {
    expect(conversationHistory([message(0, 'Which KPIs?'), message(1, '## KPIs')])).toBe(
      'user: Which KPIs?\nassistant: ## KPIs',
    );
    expect(conversationHistory([])).toBe('');
  });

  it('should keep the last 20 messages within the character budget, the oldest going first', () => {
    const thread = Array.from({ length: 25 }, (_, index) => message(index));
    const lines = conversationHistory(thread).split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe('assistant: message 5');
    expect(conversationHistory([message(0, 'a'.repeat(30)), message(1, 'b'.repeat(30))], 50)).toBe(
      `assistant: ${'b'.repeat(30)}`,
    );
    expect(conversationHistory([message(0, 'c'.repeat(100))], 50)).toHaveLength(50);
  });
});
