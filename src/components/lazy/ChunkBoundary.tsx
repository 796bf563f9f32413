import { Component, type ReactNode } from 'react';
import { LoadFailed } from '../LoadFailed/LoadFailed';

export interface ChunkBoundaryProps {
  children: ReactNode;
  /** What stands in for the part that failed; `retry` renders it again (a lazy part loads again). */
  fallback?: (retry: () => void) => ReactNode;
  /** A change of this value after a failure tries again by itself (e.g. a new toast). */
  resetKey?: unknown;
}

interface State {
  failed: boolean;
  resetKey: unknown;
}

/**
 * Keeps a lazily loaded part's failure to that part (docs/decisions/0026): without it, a chunk
 * that fails to load throws to the route's boundary, and from the shell to the whole page.
 */
export class ChunkBoundary extends Component<ChunkBoundaryProps, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ChunkBoundaryProps, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { resetKey: props.resetKey, failed: false };
  }

  retry = () => this.setState({ failed: false });

  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.retry) : <LoadFailed onRetry={this.retry} />;
  }
}
