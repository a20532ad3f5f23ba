import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { UserFlow } from './chat';
import { mermaidText, userFlowDirection, userFlowMermaid, userFlowMermaidIds } from './user-flow-mermaid';

/** A small flow with every node type, a proposed branch, a happy path and labels full of syntax. */
function nastyFlow(): UserFlow {
  return {
    title: 'Checkout "flow" [v2] | end',
    description: 'Line one.\nLine two with {braces}, (parens), #quot; and a pipe |.',
    nodes: [
      { id: 'start', type: 'start', label: 'Start' },
      { id: 'screen-cart', type: 'screen', label: 'Cart "main" [1]', pageSpecId: 'spec-cart', atSec: 3 },
      { id: 'decision-cart', type: 'decision', label: 'Pay {now}?' },
      { id: 'action-pay', type: 'action', label: 'Enter card /x/' },
      { id: 'screen cart', type: 'screen', label: 'Back|slash\\ `code` 100% <b>;' },
      { id: 'proposed-error', type: 'screen', label: 'Payment Error', proposed: true },
      { id: 'end', type: 'end', label: 'End' },
    ],
    edges: [
      { from: 'start', to: 'screen-cart', event: 'Cart Viewed' },
      { from: 'screen-cart', to: 'decision-cart', label: "Click 'Pay' | now" },
      { from: 'decision-cart', to: 'action-pay', label: 'Yes', event: 'Checkout Started' },
      { from: 'action-pay', to: 'screen cart' },
      { from: 'decision-cart', to: 'proposed-error', label: 'Card "declined"', proposed: true },
      { from: 'screen cart', to: 'end' },
      { from: 'screen cart', to: 'missing' },
    ],
    happyPath: ['screen-cart', 'screen cart'],
    source: 'offline',
  };
}

describe('userFlowMermaid', () => {
  it('should start with the flowchart header and carry the title and description as accessible text on one line each', () => {
    const text = userFlowMermaid(nastyFlow(), 'LR');
    const lines = text.split('\n');

    expect(lines[0]).toBe('flowchart LR');
    expect(lines[1]).toBe('  accTitle: Checkout "flow" [v2] | end');
    expect(lines[2]).toBe('  accDescr: Line one. Line two with {braces}, (parens), #quot; and a pipe |.');
    expect(userFlowMermaid(nastyFlow(), 'TD').split('\n')[0]).toBe('flowchart TD');
  });

  it('should shape nodes by type with quoted, escaped labels', () => {
    const text = userFlowMermaid(nastyFlow(), 'LR');

    expect(text).toContain('  n_start(["Start"])\n');
    expect(text).toContain('  n_end(["End"])\n');
    expect(text).toContain('  n_screen_cart["Cart #quot;main#quot; #91;1#93;"]\n');
    expect(text).toContain('  n_decision_cart{"Pay #123;now#125;?"}\n');
    expect(text).toContain('  n_action_pay[/"Enter card /x/"/]\n');
    expect(text).toContain('  n_screen_cart_2["Back#124;slash#92; #96;code#96; 100#37; #60;b#62;#59;"]\n');
  });

  it('should draw edges with quoted labels of action and event, proposed ones dashed, and skip edges to missing nodes', () => {
    const text = userFlowMermaid(nastyFlow(), 'LR');

    expect(text).toContain('  n_start -->|"Cart Viewed"| n_screen_cart\n');
    expect(text).toContain('  n_screen_cart -->|"Click \'Pay\' #124; now"| n_decision_cart\n');
    expect(text).toContain('  n_decision_cart -->|"Yes · Checkout Started"| n_action_pay\n');
    expect(text).toContain('  n_action_pay --> n_screen_cart_2\n');
    expect(text).toContain('  n_decision_cart -.->|"Card #quot;declined#quot;"| n_proposed_error\n');
    expect(text).not.toContain('missing');
    expect(text).toContain('  class n_proposed_error proposed\n');
    expect(text).toContain('  class n_screen_cart,n_screen_cart_2 happy\n');
  });

  it('should keep every statement on its own line, with no raw quote inside a label', () => {
    const text = userFlowMermaid(nastyFlow(), 'LR');
    const body = text
      .split('\n')
      .slice(3)
      .filter((line) => line.length > 0);

    for (const line of body) {
      expect(line).toMatch(
        /^ {2}(n_\w+(\(\["[^"]*"\]\)|\["[^"]*"\]|\{"[^"]*"\}|\[\/"[^"]*"\/\])|n_\w+ (-->|-\.->)(\|"[^"|]*"\|)? n_\w+|classDef \w+ [^\n]+|class [\w,]+ \w+)$/,
      );
    }
  });

  it('should give every node a distinct id that is no Mermaid keyword', () => {
    const ids = userFlowMermaidIds(nastyFlow());

    expect(ids.get('end')).toBe('n_end');
    expect(new Set(ids.values()).size).toBe(ids.size);
  });

  it('should write text that looks like an entity code as written', () => {
    expect(mermaidText('#quot;')).toBe('#35;quot#59;');
  });

  it('should lay out phone apps top down and websites left to right', () => {
    expect(userFlowDirection('mobile_app')).toBe('TD');
    expect(userFlowDirection('website')).toBe('LR');
  });

  it('should write text that mermaid itself parses', () => {
    // mermaid is an ES module that needs a DOM for its sanitiser: it runs in a child node with jsdom.
    const root = path.resolve(__dirname, '../../..');
    const script = `
      const { JSDOM } = await import(${JSON.stringify(path.join(root, 'node_modules/jsdom/lib/api.js'))});
      const dom = new JSDOM('');
      globalThis.window = dom.window;
      globalThis.document = dom.window.document;
      const { default: mermaid } = await import(${JSON.stringify(path.join(root, 'node_modules/mermaid/dist/mermaid.core.mjs'))});
      const texts = JSON.parse(process.argv[1]);
      const results = [];
      for (const text of texts) {
        try { results.push((await mermaid.parse(text)).diagramType); } catch (error) { results.push('error: ' + error.message); }
      }
      console.log(JSON.stringify(results));
    `;
    const texts = [
      userFlowMermaid(nastyFlow(), 'LR'),
      userFlowMermaid(nastyFlow(), 'TD'),
      'flowchart LR\n  a["x"]]] --> b\n',
    ];
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(texts)], {
      encoding: 'utf8',
      timeout: 50_000,
    });
    const [lr, td, broken] = JSON.parse(out.trim().split('\n').pop() ?? '[]') as string[];

    expect(lr).toBe('flowchart-v2');
    expect(td).toBe('flowchart-v2');
    expect(broken).toMatch(/^error: /);
  });
});
