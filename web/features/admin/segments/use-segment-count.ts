import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SegmentDefinition } from '#common/contract/segment-definition';
import { adminApi } from '../api';

/** How long the editor waits after the last change before it asks for the count: one call per pause in typing. */
const PAUSE_MS = 400;

/** The member count of the definition as it is edited: asked once typing pauses; the last answer stays meanwhile. */
export function useSegmentCount(definition: SegmentDefinition) {
  const text = JSON.stringify(definition);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return useQuery({
    queryKey: ['admin', 'segments', 'count', settled],
    queryFn: () =>
      adminApi().request('POST /api/operator/segments/count', {
        body: { definition: JSON.parse(settled) as SegmentDefinition },
      }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 10_000,
  });
}
