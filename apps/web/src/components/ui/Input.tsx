import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';

interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: string;
}

export function Input({ label, hint, className, ...props }: InputProps) {
  const classes = ['input', className].filter(Boolean).join(' ');
  return <Field label={label} hint={hint}>{(control) => <input className={classes} {...control} {...props} />}</Field>;
}
