import type { CourseDto } from '@coursa/contracts';
import { SavePlaceForm } from '@/features/saved-places';
import { Button } from '@/components/ui/Button';
import { orderAgain } from '@/lib/order-again';
import { useOpenTab } from '@/lib/tabs';

/**
 * A past course's « Commander à nouveau » (issue 39): the order form opens with both points, their instructions, the
 * contacts and the recipient refilled; and either point can be kept in « Mes adresses ».
 */
export function OrderAgain({ course }: { course: CourseDto }) {
  const openTab = useOpenTab();
  const again = () => {
    orderAgain(course);
    openTab('create-course');
  };
  const place = (location: CourseDto['pickup_location'], instructions: string | null) => ({
    address: location.address,
    latitude: location.latitude,
    longitude: location.longitude,
    instructions: location.instructions ?? instructions ?? '',
  });
  return (
    <div className="stack course-card__again">
      <Button variant="secondary" onClick={again}>
        Commander à nouveau
      </Button>
      <SavePlaceForm openLabel="Enregistrer l’adresse de retrait" point={place(course.pickup_location, course.pickup_instructions)} />
      <SavePlaceForm openLabel="Enregistrer l’adresse de livraison" point={place(course.delivery_location, course.delivery_instructions)} />
    </div>
  );
}
