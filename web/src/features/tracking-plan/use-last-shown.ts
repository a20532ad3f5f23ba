/** A dialog keeps showing its last subject while it animates closed, instead of going blank. */
import { useState } from 'react';

export function useLastShown<T>(value: T | null): T | null {
  const [last, setLast] = useState<T | null>(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
