// Site-team data: the site itself, categories, purchasable products and interview questions.
import { boolean, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './types';

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull().default(''),
  createdAt: createdAt(),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
});

/** Option descriptor shown by list_products and validated by quote_order. */
export type ProductOption = {
  name: string;
  type: 'iso_week' | 'iso_week_list' | 'category_list' | 'integer_cents' | 'string';
  required: boolean;
  description: string;
  min?: number;
  max?: number;
};

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** USD cents excluding VAT; set by the site team, never in code. */
  priceCents: integer('price_cents').notNull(),
  needsListing: boolean('needs_listing').notNull().default(true),
  options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  /** How many of this product one ISO week holds (paid launches); null = no limit. */
  weekCapacity: integer('week_capacity'),
  createdAt: createdAt(),
});

export const interviewQuestions = pgTable('interview_questions', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  question: text('question').notNull(),
  helpText: text('help_text').notNull().default(''),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});
