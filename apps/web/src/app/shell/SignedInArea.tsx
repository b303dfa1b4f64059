import type { UserDto } from '@coursa/contracts';
import { isCourier, type Role } from '@coursa/domain';
import { useDeferredValue, useEffect } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { FullPageLoader } from '@/components/ui/Loader';
import { refreshAfterDelivery, useSession } from '@/features/auth';
import { AppShell } from './AppShell';
import { TabbedLayout } from './TabbedLayout';
import { clientTabs, COURIER_TABS, STAFF_TABS, SUPER_ADMIN_TABS } from './tabs';

/** `/` and every other unknown path: the home of the signed-in user, laid out by role (spec §2). */
export function SignedInArea() {
  const { status, user } = useSession();
  const role = user?.role;
  // Once the API says who is signed in, their home renders in the background, in small slices (rendered with the
  // query's answer it would be one long task that freezes a slow phone); the loader stays until it is ready. Signing
  // out is not deferred.
  const shownRole = useDeferredValue(role);
  useLiveUpdates(role);

  if (status === 'loading') return <FullPageLoader />;
  if (!role) return <Navigate to="/auth" replace />;
  if (shownRole !== role) return <FullPageLoader />;
  return <RoleLayout role={role} user={user} />;
}

function RoleLayout({ role, user }: { role: Role; user: UserDto | undefined }) {
  switch (role) {
    case 'client':
      return <TabbedLayout tabs={clientTabs(user)} />;
    case 'salaried_delivery':
    case 'independent_delivery':
      return <TabbedLayout tabs={COURIER_TABS} />;
    case 'super_admin':
      return <TabbedLayout tabs={SUPER_ADMIN_TABS} wide />;
    case 'admin':
    case 'support':
      return <TabbedLayout tabs={STAFF_TABS} wide />;
    default:
      return (
        <AppShell>
          <Alert tone="error">Type d'utilisateur non reconnu</Alert>
        </AppShell>
      );
  }
}

/**
 * While signed in: the socket for everyone; for couriers, position streaming (docs/architecture.md, « Realtime »), the sending of the actions
 * kept while offline (issue 22) and the screen kept awake during a course (issue 37); loaded on demand.
 */
function useLiveUpdates(role: Role | undefined) {
  useEffect(() => {
    if (!role) return;
    let ended = false;
    const stops: (() => void)[] = [];
    const keep = (stop: () => void) => (ended ? stop() : stops.push(stop));
    void import('@/features/realtime').then((realtime) => keep(realtime.startRealtime({ onCourseDelivered: (event) => void refreshAfterDelivery(event) })));
    if (isCourier(role)) {
      void import('@/features/courier').then((courier) => {
        keep(courier.startPositionStreaming());
        keep(courier.startCourierSync());
        keep(courier.startScreenAwake());
      });
    }
    return () => {
      ended = true;
      stops.forEach((stop) => stop());
    };
  }, [role]);
}
