'use client';
// Scalar renders the OpenAPI document; bundled with the site (no CDN, no remote fonts).
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

export function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: '/api/v1/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: 'never',
        layout: 'modern',
        theme: 'default',
      }}
    />
  );
}
