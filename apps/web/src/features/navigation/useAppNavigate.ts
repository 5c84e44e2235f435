import { useCallback } from 'react';
import { useNavigate } from '@/platform/router';
import { toRouterPath } from '@/features/navigation/AppLink';
import { useKeptParams } from '@/features/navigation/keptParams';
import { withKeptParams } from '@/lib/navigation';

/** Navigates to an app href (`/m/...`), carrying the kept tracking parameters. */
export function useAppNavigate(): (href: string, replace?: boolean) => void {
  const navigate = useNavigate();
  const kept = useKeptParams();
  return useCallback(
    (href: string, replace = true) => void navigate(toRouterPath(withKeptParams(href, kept)), { replace }),
    [navigate, kept],
  );
}
