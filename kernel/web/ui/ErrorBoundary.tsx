import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isChunkLoadError, reloadForChunkError } from '../chunks.ts';

interface Props { fallback: (error: Error) => ReactNode; children: ReactNode; resetKey?: string }
interface State { error: Error | null; key?: string }

/** Keeps a failing contribution inside its own box; a failed chunk download reloads the page (once per 60 s). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (isChunkLoadError(error)) reloadForChunkError();
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
