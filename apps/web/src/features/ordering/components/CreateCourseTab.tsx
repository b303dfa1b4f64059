import type { CreateCourseRequest, QuoteResponse } from '@coursa/contracts';
import { formatGnf, PACKAGE_TYPES } from '@coursa/domain';
import { Suspense, useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useCurrentUser } from '@/features/auth';
import { Input } from '@/components/ui/Input';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { PhotoField } from '@/components/ui/PhotoField';
import { Select } from '@/components/ui/Select';
import { useSubmit } from '@/hooks/use-submit';
import { errorMessage } from '@/lib/api-client';
import { photoProblem } from '@/lib/photo-check';
import { orderingApi } from '../api/ordering-api';
import {
  coordinatesOf,
  COURSE_FORM_MESSAGES,
  courseFormProblem,
  emptyCourseForm,
  livePrice,
  MAP_HINTS,
  toCourseRequest,
  unplacedPoint,
  type CourseFormValues,
  type PointKind,
} from '../course-form';
import { PAYMENT_MESSAGES } from '../payment-rules';
import { FollowCourseButton } from './FollowCourseButton';
import { PaymentModal } from './PaymentModal';
import { PointFieldset } from './PointFieldset';
import { PointSavedPlaceChooser, SavePointAsPlace } from './PointSavedPlaces';
import { searchOrigin } from '../place-suggestions';
import { useOrderAgainDraft } from '../order-again';
import { PointPickerMap } from '@/components/map/lazy-maps';
import { MapLoading } from '@/components/map/MapLoading';

const formatCoordinate = (value: number) => String(value);

export const PARCEL_PHOTO_FAILED = "Erreur lors de l'envoi de la photo du colis";

const PACKAGE_OPTIONS = PACKAGE_TYPES.map((type) => ({ value: type, label: type }));

/** Spec §2 "Create course": the form, the live price, then the payment modal; the course exists once paid. */
export function CreateCourseTab() {
  const user = useCurrentUser();
  const [values, setValues] = useState<CourseFormValues>(emptyCourseForm);
  const [activePoint, setActivePoint] = useState<PointKind>('pickup');
  const [quote, setQuote] = useState<QuoteResponse | null>(null);
  const [checkout, setCheckout] = useState<{ course: CreateCourseRequest; amount: number } | null>(null);
  // The course made, with its id for « Suivre ma course » (null when the answer did not say it).
  const [created, setCreated] = useState<{ courseId: string | null } | null>(null);
  const { pending, error, setError, run } = useSubmit('Erreur lors du calcul du prix');
  const [photoState, setPhotoState] = useState<{ uploading: boolean; error: string | null }>({ uploading: false, error: null });

  // « Commander à nouveau » on a past course opens the form refilled (issue 39).
  useOrderAgainDraft((draft) => { setValues(draft); setQuote(null); setCreated(null); setActivePoint('pickup'); });
  const pickup = coordinatesOf(values.pickup);
  const delivery = coordinatesOf(values.delivery);
  const price = quote ? quote.estimated_price : livePrice(values);

  const update = (next: CourseFormValues) => {
    setValues(next);
    setQuote(null);
    setError(null);
  };

  const pick = useCallback((kind: PointKind, position: { latitude: number; longitude: number }) => {
    setValues((current) => ({
      ...current,
      // A spot picked is no longer the known place chosen (NearestPlace offers the one near it).
      [kind]: { ...current[kind], latitude: formatCoordinate(position.latitude), longitude: formatCoordinate(position.longitude), placeId: null },
    }));
    setQuote(null);
    // After the pickup, the next tap naturally places the delivery point.
    if (kind === 'pickup') setActivePoint('delivery');
  }, []);

  /** The photo goes up as soon as it is chosen (same checks as the server's first), the order then quotes its URL. */
  async function pickPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) return setPhotoState({ uploading: false, error: problem });
    setPhotoState({ uploading: true, error: null });
    try {
      const { photo_url } = await orderingApi.uploadParcelPhoto(file);
      setValues((current) => ({ ...current, photoUrl: photo_url }));
      setPhotoState({ uploading: false, error: null });
    } catch (caught) {
      setPhotoState({ uploading: false, error: errorMessage(caught, PARCEL_PHOTO_FAILED) });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = courseFormProblem(values);
    // The point without a place is the one the next tap places, and the map's hint says so.
    const unplaced = unplacedPoint(values);
    if (problem === COURSE_FORM_MESSAGES.pointNotPlaced && unplaced) setActivePoint(unplaced);
    if (problem) return setError(problem);
    const course = toCourseRequest(values);
    void run(async () => {
      const answer = await orderingApi.quote({
        pickup_location: course.pickup_location,
        delivery_location: course.delivery_location,
        ...(course.promo_code ? { promo_code: course.promo_code } : {}),
      });
      setQuote(answer);
      if (answer.total_price > 0) return setCheckout({ course, amount: answer.total_price });
      // A promo code made it free: nothing to pay, the course is created at once.
      const made = await orderingApi.createCourse(course, `FREE_${Date.now()}`);
      setCreated({ courseId: made.id });
    });
  }

  function restart() {
    setValues(emptyCourseForm());
    setQuote(null);
    setCreated(null);
    setActivePoint('pickup');
    setPhotoState({ uploading: false, error: null });
  }

  if (created && !checkout) {
    return (
      <section className="card stack course-created">
        <h2 className="page-title">{PAYMENT_MESSAGES.success}</h2>
        <p className="muted">Suivez-la en direct, ou dans « Mes courses ». Le destinataire recevra un code de livraison par SMS.</p>
        <FollowCourseButton courseId={created.courseId} />
        <Button variant="secondary" onClick={restart}>
          Créer une autre course
        </Button>
      </section>
    );
  }

  return (
    <>
    <form className="stack create-course" onSubmit={submit} noValidate>
      <h2 className="page-title">Nouvelle course</h2>
      <p className="map-hint" aria-live="polite">
        {MAP_HINTS[activePoint]}
      </p>
      <Suspense fallback={<MapLoading kind="picker" />}>
        <PointPickerMap pickup={pickup} delivery={delivery} active={activePoint} onPick={pick} />
      </Suspense>
      <PointSavedPlaceChooser kind="pickup" value={values.pickup} onChange={(pickupFields) => update({ ...values, pickup: pickupFields })} />
      <PointFieldset
        kind="pickup"
        legend="Point de retrait"
        value={values.pickup}
        onChange={(pickupFields) => update({ ...values, pickup: pickupFields })}
        activeOnMap={activePoint === 'pickup'}
        onActivate={() => setActivePoint('pickup')}
        onMyPosition={(position) => pick('pickup', position)}
        origin={searchOrigin(pickup, delivery)}
      />
      <SavePointAsPlace kind="pickup" value={values.pickup} />
      <PointSavedPlaceChooser kind="delivery" value={values.delivery} onChange={(deliveryFields) => update({ ...values, delivery: deliveryFields })} />
      <PointFieldset
        kind="delivery"
        legend="Point de livraison"
        value={values.delivery}
        onChange={(deliveryFields) => update({ ...values, delivery: deliveryFields })}
        activeOnMap={activePoint === 'delivery'}
        onActivate={() => setActivePoint('delivery')}
        origin={searchOrigin(delivery, pickup)}
      />
      <SavePointAsPlace kind="delivery" value={values.delivery} />
      <section className="card stack">
        <PhoneInput
          label="Téléphone du destinataire"
          hint="Il recevra le code de livraison à 6 chiffres"
          required
          value={values.recipientPhone}
          onChange={(event) => update({ ...values, recipientPhone: event.target.value })}
        />
        <DescriptionField
          label="Description"
          value={values.description}
          onChange={(description) => update({ ...values, description })}
        />
        <Select
          label="Type de colis"
          value={values.packageType}
          onChange={(event) => update({ ...values, packageType: event.target.value })}
          options={PACKAGE_OPTIONS}
        />
        <PhotoField
          label="Photo du colis (facultatif)"
          uploaded={values.photoUrl !== null}
          uploading={photoState.uploading}
          uploadedHint="✓ Photo du colis ajoutée"
          onChange={(event) => void pickPhoto(event)}
        />
        {photoState.error && <Alert tone="error">{photoState.error}</Alert>}
        <Input
          label="Code promo (facultatif)"
          autoCapitalize="characters"
          value={values.promoCode}
          onChange={(event) => update({ ...values, promoCode: event.target.value })}
        />
      </section>
      <section className="card price-summary" aria-live="polite">
        <div className="price-summary__row">
          <span>Prix estimé</span>
          <strong>{price === null ? '—' : formatGnf(price)}</strong>
        </div>
        {quote && quote.discount > 0 && (
          <>
            <div className="price-summary__row">
              <span>Réduction</span>
              <span>− {formatGnf(quote.discount)}</span>
            </div>
            <div className="price-summary__row price-summary__total">
              <span>Total</span>
              <strong>{formatGnf(quote.total_price)}</strong>
            </div>
          </>
        )}
      </section>
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" disabled={pending || photoState.uploading}>
        {pending ? 'Calcul du prix…' : 'Continuer vers le paiement'}
      </Button>
    </form>
      {checkout && (
        <PaymentModal
          customer={user}
          course={checkout.course}
          amount={checkout.amount}
          onSuccess={(courseId) => setCreated({ courseId })}
          onClose={() => setCheckout(null)}
        />
      )}
    </>
  );
}

function DescriptionField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <textarea className="input" rows={3} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
