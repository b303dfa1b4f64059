import { GUINEA_MOBILE_HINT } from '@coursa/domain';
import type { ComponentProps } from 'react';
import { Input } from './Input';

/** A phone field with the Guinean format as placeholder; the API normalises what is typed. */
export function PhoneInput(props: Omit<ComponentProps<typeof Input>, 'type'>) {
  return <Input type="tel" inputMode="tel" autoComplete="tel" placeholder={GUINEA_MOBILE_HINT} {...props} />;
}
