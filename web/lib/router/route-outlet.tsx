import { Component, type ReactNode } from 'react';
import { useRouteState } from './router-provider';

type RenderError = (error: unknown) => ReactNode;

interface BoundaryProps {
  /** A new value (the next address) clears a caught error. */
  resetKey: string;
  renderError: RenderError;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

/** Shows `renderError` instead of children that threw while rendering, until the address changes. */
export class RenderErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.renderError(this.state.error) : this.props.children;
  }
}

/**
 * The current page, or `renderError` for what took its place: a loader's 404, a module that did not load, or an
 * error thrown while the page rendered. A page stays mounted while only its parameters or query change.
 */
export function RouteOutlet({ renderError }: { renderError: RenderError }) {
  const { Component: Page, error, match, location } = useRouteState();
  if (!Page) return renderError(error);
  return (
    <RenderErrorBoundary
      key={match?.route.path}
      resetKey={location.pathname + location.search}
      renderError={renderError}
    >
      <Page />
    </RenderErrorBoundary>
  );
}
