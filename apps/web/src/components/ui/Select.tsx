import type { SelectHTMLAttributes } from 'react';
import { Field } from './Field';

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  options: readonly { value: string; label: string }[];
}

export function Select({ label, options, ...props }: SelectProps) {
  return (
    <Field label={label}>
      {(control) => (
        <select className="input" {...control} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
