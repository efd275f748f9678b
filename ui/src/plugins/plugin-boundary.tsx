import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  plugin: string;
  children: ReactNode;
}

/** Contains a crashing plugin component so the shell keeps working; the failure goes to the console. */
export class PluginBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[plugins] ${this.props.plugin} crashed while rendering`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
