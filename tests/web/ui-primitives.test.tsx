// The shared primitives later screens build on: their accessible names, roles and values.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  Badge,
  Button,
  Input,
  Label,
  Progress,
  SafetyNotice,
  Select,
  Spinner,
  Textarea,
  buttonClasses,
} from '@/components/ui';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';

describe('UI primitives', () => {
  it('SafetyNotice shows the safety text', () => {
    render(<SafetyNotice />);
    expect(screen.getByRole('complementary', { name: 'Safety notice' })).toHaveTextContent(
      'Not medical advice. This information is for educational purposes only. Consult a healthcare professional before starting any peptide regimen.',
    );
  });

  it('Spinner is an announced status with a name', () => {
    render(<Spinner label="Loading peptides..." />);
    expect(screen.getByRole('status', { name: 'Loading peptides...' })).toBeInTheDocument();
  });

  it('Progress exposes its value', () => {
    render(<Progress value={2} max={4} label="Step 2 of 4" />);
    const bar = screen.getByRole('progressbar', { name: 'Step 2 of 4' });
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    expect(bar).toHaveAttribute('aria-valuemax', '4');
  });

  it('Button defaults to type="button" and takes variants; buttonClasses styles links alike', () => {
    render(
      <>
        <Button variant="destructive">Delete</Button>
        <Button type="submit">Save</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('bg-destructive');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
    expect(buttonClasses({ variant: 'outline', size: 'sm' })).toContain('border-input');
  });

  it('form fields take their labels', () => {
    render(
      <>
        <Label htmlFor="f-name">Name</Label>
        <Input id="f-name" />
        <Label htmlFor="f-story">Story</Label>
        <Textarea id="f-story" />
        <Label htmlFor="f-route">Route</Label>
        <Select id="f-route">
          <option value="oral">oral</option>
        </Select>
        <Badge>250 mcg</Badge>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Story' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Route' })).toBeInTheDocument();
    expect(screen.getByText('250 mcg')).toBeInTheDocument();
  });

  it('Tabs switch with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="grid">
        <TabsList aria-label="View">
          <TabsTrigger value="grid">Grid View</TabsTrigger>
          <TabsTrigger value="list">List View</TabsTrigger>
        </TabsList>
        <TabsContent value="grid">grid content</TabsContent>
        <TabsContent value="list">list content</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tab', { name: 'Grid View' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Grid View' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'List View' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('list content');
  });

  it('each tab controls its panel, which is named by its tab; only the selected panel is shown', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    function Controlled() {
      const [tab, setTab] = useState('a');
      return (
        <Tabs
          value={tab}
          onValueChange={(next) => {
            changes.push(next);
            setTab(next);
          }}
        >
          <TabsList aria-label="Sections">
            <TabsTrigger value="a">First</TabsTrigger>
            <TabsTrigger value="b">Second</TabsTrigger>
          </TabsList>
          <TabsContent value="a">first panel</TabsContent>
          <TabsContent value="b" forceMount className="data-[state=inactive]:hidden">
            <input aria-label="Kept" />
          </TabsContent>
        </Tabs>
      );
    }
    render(<Controlled />);
    const first = screen.getByRole('tab', { name: 'First' });
    const panel = screen.getByRole('tabpanel', { name: 'First' });
    expect(first).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('first panel');
    // A kept-mounted panel keeps what was typed while another tab shows.
    await user.click(screen.getByRole('tab', { name: 'Second' }));
    expect(new Set(changes)).toEqual(new Set(['b']));
    await user.type(screen.getByRole('textbox', { name: 'Kept' }), 'typed');
    await user.click(first);
    expect(screen.queryByText('first panel')).toBeInTheDocument();
    expect(
      document.getElementById(screen.getByRole('tab', { name: 'Second' }).getAttribute('aria-controls')!),
    ).toHaveAttribute('data-state', 'inactive');
    await user.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('textbox', { name: 'Kept' })).toHaveValue('typed');
    // The unselected, not kept panel is empty and hidden.
    expect(document.getElementById(first.getAttribute('aria-controls')!)).toHaveAttribute('hidden');
    expect(screen.queryByText('first panel')).not.toBeInTheDocument();
  });

  it('Dialog opens with its title, closes with Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Delete BPC-157</DialogTrigger>
        <DialogContent>
          <DialogTitle>Delete Peptide</DialogTitle>
          <DialogDescription>This action cannot be undone.</DialogDescription>
        </DialogContent>
      </Dialog>,
    );
    const trigger = screen.getByRole('button', { name: 'Delete BPC-157' });
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Delete Peptide' })).toHaveAccessibleDescription(
      'This action cannot be undone.',
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('cn joins the truthy class names', () => {
    expect(cn('a', false, undefined, 'b', null, '')).toBe('a b');
  });
});
