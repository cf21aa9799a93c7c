import { useLocation, useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { normalisePath } from '../domain/paths';

/** SPEC §2/§8: any render error replaces the page with /sorry; if /sorry itself fails, a plain message stays. */
export function RenderErrorRedirect({ error }: ErrorComponentProps) {
  const navigate = useNavigate();
  const onSorryPage = useLocation({ select: (location) => normalisePath(location.pathname) === '/sorry' });

  useEffect(() => {
    console.error('A page failed to render', error);
    if (!onSorryPage) void navigate({ to: '/sorry', replace: true });
  }, [error, navigate, onSorryPage]);

  return onSorryPage ? <p role="alert">Sorry, something went wrong. Please reload the page.</p> : null;
}
