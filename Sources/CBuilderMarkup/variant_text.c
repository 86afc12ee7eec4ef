#include "gmk_variant_text.h"

#include <string.h>

/* A string between `quote`s, its bytes printable ASCII and neither a backslash nor the quote;
   *text is left after the closing quote. */
static GVariant *
parse_string (const char **text)
{
  const char *start = *text;
  char quote = *start;
  if (quote != '\'' && quote != '"')
    return NULL;
  const char *end = start + 1;
  while (*end != quote)
    {
      if (*end < 0x20 || *end > 0x7e || *end == '\\')
        return NULL;
      end++;
    }
  *text = end + 1;
  return g_variant_new_take_string (g_strndup (start + 1, end - start - 1));
}

/* A decimal integer as g_variant_parse reads one in base 0: no sign other than a minus, no
   leading zero (it would be octal) and no base prefix; at most 18 digits, so that the
   magnitude fits before the type's range is checked. */
static GVariant *
parse_integer (char type, const char **text)
{
  const char *digits = *text;
  gboolean negative = *digits == '-';
  if (negative)
    digits++;
  if (*digits < '0' || *digits > '9' || (*digits == '0' && (negative || (digits[1] >= '0' && digits[1] <= '9'))))
    return NULL;
  guint64 magnitude = 0;
  const char *end = digits;
  while (*end >= '0' && *end <= '9')
    {
      if (end - digits == 18)
        return NULL;
      magnitude = magnitude * 10 + (guint64) (*end - '0');
      end++;
    }
  *text = end;
  switch (type)
    {
    case 'i':
      if (negative ? magnitude > (guint64) G_MAXINT32 + 1 : magnitude > G_MAXINT32)
        return NULL;
      return g_variant_new_int32 (negative ? (gint32) -(gint64) magnitude : (gint32) magnitude);
    case 'u':
      if (negative || magnitude > G_MAXUINT32)
        return NULL;
      return g_variant_new_uint32 ((guint32) magnitude);
    case 'x':
      return g_variant_new_int64 (negative ? -(gint64) magnitude : (gint64) magnitude);
    case 't':
      if (negative)
        return NULL;
      return g_variant_new_uint64 (magnitude);
    default:
      return NULL;
    }
}

static GVariant *
parse_boolean (const char **text)
{
  if (strncmp (*text, "true", 4) == 0)
    {
      *text += 4;
      return g_variant_new_boolean (TRUE);
    }
  if (strncmp (*text, "false", 5) == 0)
    {
      *text += 5;
      return g_variant_new_boolean (FALSE);
    }
  return NULL;
}

static GVariant *
parse_basic (char type, const char **text)
{
  switch (type)
    {
    case 's':
      return parse_string (text);
    case 'b':
      return parse_boolean (text);
    case 'i':
    case 'u':
    case 'x':
    case 't':
      return parse_integer (type, text);
    default:
      return NULL;
    }
}

/* Whether a value read so far ends where it should: at the end of the text, or before a
   tuple's ',' or ')'. A number or a word running on ("12a", "truely") is left to GLib. */
static gboolean
ends_value (const char *text, gboolean in_tuple)
{
  return in_tuple ? (*text == ',' || *text == ')') : *text == '\0';
}

GVariant *
gmk_variant_parse_simple (const char *type, const char *text)
{
  if (type[0] != '(')
    {
      if (type[0] == '\0' || type[1] != '\0')
        return NULL;
      GVariant *value = parse_basic (type[0], &text);
      if (value != NULL && !ends_value (text, FALSE))
        {
          g_variant_unref (g_variant_ref_sink (value));
          return NULL;
        }
      return value;
    }

  size_t count = strlen (type) - 2;
  if (count < 2 || count > 8 || type[count + 1] != ')' || *text != '(')
    return NULL;
  GVariant *children[8];
  size_t made = 0;
  text++;
  for (; made < count; made++)
    {
      if (made > 0)
        {
          if (*text != ',')
            break;
          text++;
          while (*text == ' ')
            text++;
        }
      children[made] = parse_basic (type[made + 1], &text);
      if (children[made] == NULL || !ends_value (text, TRUE))
        {
          if (children[made] != NULL)
            made++;
          break;
        }
    }
  if (made == count && text[0] == ')' && text[1] == '\0')
    return g_variant_new_tuple (children, count);
  for (size_t index = 0; index < made; index++)
    g_variant_unref (g_variant_ref_sink (children[index]));
  return NULL;
}
