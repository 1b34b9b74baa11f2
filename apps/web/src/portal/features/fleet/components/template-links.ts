/*
 * The template pages' links. The routes themselves (`/templates`, `/template-detail`) are registered by the route
 * table with the sidebar (issue 25's fleet pages); once `paths.portal` names them, these become those entries.
 */
export const TEMPLATES_PATH = '/templates';
export const TEMPLATE_DETAIL_PATH = '/template-detail';

/** `/template-detail?id=<template id>`. */
export const templateDetailHref = (id: string) => `${TEMPLATE_DETAIL_PATH}?${new URLSearchParams({ id }).toString()}`;
