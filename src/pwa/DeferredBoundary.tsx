// Keeps the page when a part loaded after the first render (toasts, the service
// worker prompt) cannot be fetched: the network dropped before it came, or a
// deploy removed the file. That part is left out until the next load instead of
// taking the whole page down with it.
import { Component, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
}

export class DeferredBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.warn('A part of the app loaded after the first render is unavailable until the next load', error);
  }

  render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
