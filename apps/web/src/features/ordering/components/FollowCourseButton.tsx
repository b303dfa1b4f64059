import { Button } from '@/components/ui/Button';
import { useOpenTab } from '@/lib/tabs';

/**
 * « Suivre ma course » on the order's success card (issue 38): the tracking screen opens on that course (the tracking
 * feature is read when asked for, as its tab would be). Without the course's id, the tracking screen opens on the
 * client's open courses.
 */
export function FollowCourseButton({ courseId }: { courseId: string | null }) {
  const openTab = useOpenTab();
  const follow = async () => {
    if (courseId) (await import('@/features/tracking')).followCourse(courseId);
    openTab('tracking');
  };
  return <Button onClick={() => void follow()}>Suivre ma course</Button>;
}
