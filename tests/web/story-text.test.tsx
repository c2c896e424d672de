// The one story renderer (src/components/experience/StoryText.tsx): what a reader sees of
// `**bold**`, of markup typed into a story, and of line breaks, wherever a story is shown.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StoryText } from '@/components/experience/StoryText';

describe('StoryText', () => {
  it('shows **bold** as bold and everything else as the text typed', () => {
    const { container } = render(<StoryText story={'Slept **much better** by week 2.\nNo **side effects**.'} />);
    expect([...container.querySelectorAll('strong')].map((s) => s.textContent)).toEqual([
      'much better',
      'side effects',
    ]);
    expect(container.firstElementChild).toHaveTextContent('Slept much better by week 2. No side effects.');
    expect(container.firstElementChild?.tagName).toBe('P');
    // Line breaks show as typed.
    expect(container.firstElementChild).toHaveClass('whitespace-pre-line');
  });

  it('never turns a story into markup', () => {
    const story = '<img src=x onerror=alert(1)> **<b>x</b>** <script>alert(2)</script>';
    const { container } = render(<StoryText story={story} />);
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(screen.getByText('<b>x</b>', { selector: 'strong' })).toBeInTheDocument();
    expect(container.firstElementChild?.textContent).toBe(
      '<img src=x onerror=alert(1)> <b>x</b> <script>alert(2)</script>',
    );
  });

  it.each(['only **one marker', 'an empty pair **** stays'])('leaves %j as text', (story) => {
    const { container } = render(<StoryText story={story} />);
    expect(container.querySelector('strong')).toBeNull();
    expect(container.firstElementChild?.textContent).toBe(story);
  });

  it('renders inside a line of text as a span', () => {
    const { container } = render(<StoryText as="span" story="**Yes**" className="font-normal" />);
    expect(container.firstElementChild?.tagName).toBe('SPAN');
    expect(container.firstElementChild).toHaveClass('font-normal', '[overflow-wrap:anywhere]');
    expect(screen.getByText('Yes', { selector: 'strong' })).toBeInTheDocument();
  });
});
