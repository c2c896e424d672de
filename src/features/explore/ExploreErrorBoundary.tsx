import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

interface State {
  error: Error | null;
}

/**
 * Explore's own boundary ("Something went wrong" plus the message). Unlike the page-level
 * one it offers Try again, which clears the failed queries and renders the explorer again.
 */
export class ExploreErrorBoundary extends Component<{ children: ReactNode; onReset: () => void }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Data Explorer failed', error, info.componentStack);
  }

  private retry = () => {
    this.props.onReset();
    this.setState({ error: null });
  };

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="flex max-w-lg flex-col items-start gap-4 py-12">
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="text-muted-foreground">{this.state.error.message}</p>
        <Button onClick={this.retry}>Try again</Button>
      </div>
    );
  }
}
