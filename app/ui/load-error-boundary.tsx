import { Component, type ErrorInfo, type ReactNode } from "react";

/**
 * Catches a lazily loaded module that cannot load (network cut, a deployment that replaced it)
 * and shows `fallback` in its place, so the rest of the page keeps working. `label` is logged
 * with the error.
 */
export class LoadErrorBoundary extends Component<{ children: ReactNode; fallback: ReactNode; label: string }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(this.props.label, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
