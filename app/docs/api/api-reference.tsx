'use client';
// Scalar renders the OpenAPI document; bundled with the site and asking no other origin for anything:
// no remote fonts, no telemetry, no Scalar agent (it calls Scalar's registry through their proxy).
import './zod-jitless';
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

export function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: '/api/v1/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        hideClientButton: true,
        showDeveloperTools: 'never',
        layout: 'modern',
        theme: 'default',
      }}
    />
  );
}
