#include "gmk_variant_text.h"

#include <string.h>

/* One value of a basic type as the text wrote it: a string's bytes where they lie in the text,
   a number's or a Boolean's bits. */
typedef struct
{
  char type;
  const char *string;
  size_t length;
  guint64 bits;
} Scalar;

/* A string between `quote`s, its bytes printable ASCII and neither a backslash nor the quote;
   *text is left after the closing quote. */
static gboolean
parse_string (const char **text, Scalar *scalar)
{
  const char *start = *text;
  char quote = *start;
  if (quote != '\'' && quote != '"')
    return FALSE;
  const char *end = start + 1;
  while (*end != quote)
    {
      if (*end < 0x20 || *end > 0x7e || *end == '\\')
        return FALSE;
      end++;
    }
  *text = end + 1;
  scalar->string = start + 1;
  scalar->length = (size_t) (end - start - 1);
  return TRUE;
}

/* A decimal integer as g_variant_parse reads one in base 0: no sign other than a minus, no
   leading zero (it would be octal) and no base prefix; at most 18 digits, so that the
   magnitude fits before the type's range is checked. */
static gboolean
parse_integer (const char **text, Scalar *scalar)
{
  const char *digits = *text;
  gboolean negative = *digits == '-';
  if (negative)
    digits++;
  if (*digits < '0' || *digits > '9' || (*digits == '0' && (negative || (digits[1] >= '0' && digits[1] <= '9'))))
    return FALSE;
  guint64 magnitude = 0;
  const char *end = digits;
  while (*end >= '0' && *end <= '9')
    {
      if (end - digits == 18)
        return FALSE;
      magnitude = magnitude * 10 + (guint64) (*end - '0');
      end++;
    }
  *text = end;
  switch (scalar->type)
    {
    case 'i':
      if (negative ? magnitude > (guint64) G_MAXINT32 + 1 : magnitude > G_MAXINT32)
        return FALSE;
      scalar->bits = (guint32) (negative ? (gint32) -(gint64) magnitude : (gint32) magnitude);
      return TRUE;
    case 'u':
      if (negative || magnitude > G_MAXUINT32)
        return FALSE;
      scalar->bits = magnitude;
      return TRUE;
    case 'x':
      scalar->bits = (guint64) (negative ? -(gint64) magnitude : (gint64) magnitude);
      return TRUE;
    case 't':
      if (negative)
        return FALSE;
      scalar->bits = magnitude;
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
parse_boolean (const char **text, Scalar *scalar)
{
  if (strncmp (*text, "true", 4) == 0)
    {
      *text += 4;
      scalar->bits = TRUE;
      return TRUE;
    }
  if (strncmp (*text, "false", 5) == 0)
    {
      *text += 5;
      scalar->bits = FALSE;
      return TRUE;
    }
  return FALSE;
}

static gboolean
parse_scalar (char type, const char **text, Scalar *scalar)
{
  scalar->type = type;
  switch (type)
    {
    case 's':
      return parse_string (text, scalar);
    case 'b':
      return parse_boolean (text, scalar);
    case 'i':
    case 'u':
    case 'x':
    case 't':
      return parse_integer (text, scalar);
    default:
      return FALSE;
    }
}

/* Whether a value read so far ends where it should: at the end of the text, or before a
   tuple's ',' or ')'. A number or a word running on ("12a", "truely") is left to GLib. */
static gboolean
ends_value (const char *text, gboolean in_tuple)
{
  return in_tuple ? (*text == ',' || *text == ')') : *text == '\0';
}

static GVariant *
new_scalar (const Scalar *scalar)
{
  switch (scalar->type)
    {
    case 's':
      return g_variant_new_take_string (g_strndup (scalar->string, scalar->length));
    case 'b':
      return g_variant_new_boolean ((gboolean) scalar->bits);
    case 'i':
      return g_variant_new_int32 ((gint32) (guint32) scalar->bits);
    case 'u':
      return g_variant_new_uint32 ((guint32) scalar->bits);
    case 'x':
      return g_variant_new_int64 ((gint64) scalar->bits);
    default:
      return g_variant_new_uint64 (scalar->bits);
    }
}

/* A member's alignment (a mask) and fixed size; 0 for a string's, whose size varies. */
static void
scalar_layout (char type, size_t *alignment, size_t *fixed_size)
{
  switch (type)
    {
    case 's':
      *alignment = 0, *fixed_size = 0;
      break;
    case 'b':
      *alignment = 0, *fixed_size = 1;
      break;
    case 'i':
    case 'u':
      *alignment = 3, *fixed_size = 4;
      break;
    default:
      *alignment = 7, *fixed_size = 8;
      break;
    }
}

/* GVariant's serialised form of a tuple of scalars (gvariant-serialiser.c, tuples): each
   member at its alignment after zero padding; after the body, the end of every string but
   the last member, as little-endian framing offsets of the smallest size that addresses the
   whole, the first string's at the very end; a tuple of fixed-size members alone is padded to
   its alignment and has no offsets. Built in one buffer and handed to GVariant as trusted
   (normal form): g_variant_new_tuple made a GVariant and a GBytes for every member, a type
   for the tuple and its type information, and copied the members into a third buffer (4,600
   instructions for "('item', 12)"; now about 1,500). */
static GVariant *
new_tuple (const char *type, const Scalar *members, size_t count)
{
  size_t body = 0, offsets = 0, largest_alignment = 0;
  gboolean all_fixed = TRUE;
  for (size_t index = 0; index < count; index++)
    {
      size_t alignment, fixed_size;
      scalar_layout (members[index].type, &alignment, &fixed_size);
      body += (0 - body) & alignment;
      body += fixed_size != 0 ? fixed_size : members[index].length + 1;
      if (fixed_size == 0)
        {
          all_fixed = FALSE;
          if (index + 1 < count)
            offsets++;
        }
      if (alignment > largest_alignment)
        largest_alignment = alignment;
    }
  size_t offset_size = 0, size;
  if (all_fixed)
    size = body + ((0 - body) & largest_alignment);
  else
    {
      /* gvs_calculate_total_size: the offsets' size follows the whole's. */
      offset_size = body + offsets <= G_MAXUINT8 ? 1 : body + 2 * offsets <= G_MAXUINT16 ? 2 : 4;
      size = body + offset_size * offsets;
    }

  guchar *data = g_malloc0 (size);
  size_t offset = 0, end = size;
  for (size_t index = 0; index < count; index++)
    {
      const Scalar *member = &members[index];
      size_t alignment, fixed_size;
      scalar_layout (member->type, &alignment, &fixed_size);
      offset += (0 - offset) & alignment;
      switch (member->type)
        {
        case 's':
          memcpy (data + offset, member->string, member->length);
          offset += member->length + 1;
          if (index + 1 < count)
            {
              end -= offset_size;
              for (size_t byte = 0; byte < offset_size; byte++)
                data[end + byte] = (guchar) (offset >> (8 * byte));
            }
          break;
        case 'b':
          data[offset] = (guchar) member->bits;
          offset += 1;
          break;
        case 'i':
        case 'u':
          {
            guint32 value = (guint32) member->bits;
            memcpy (data + offset, &value, 4);
            offset += 4;
            break;
          }
        default:
          memcpy (data + offset, &member->bits, 8);
          offset += 8;
          break;
        }
    }
  /* The type string is valid (every member's letter was read above): cast as G_VARIANT_TYPE
     does without checks, not checked again for every target (250 instructions). */
  return g_variant_new_from_data ((const GVariantType *) type, data, size, TRUE, g_free, data);
}

GVariant *
gmk_variant_parse_simple (const char *type, const char *text)
{
  if (type[0] != '(')
    {
      Scalar scalar;
      if (type[0] == '\0' || type[1] != '\0' || !parse_scalar (type[0], &text, &scalar)
          || !ends_value (text, FALSE))
        return NULL;
      return new_scalar (&scalar);
    }

  size_t count = strlen (type) - 2;
  if (count < 2 || count > 8 || type[count + 1] != ')' || *text != '(')
    return NULL;
  Scalar members[8];
  text++;
  for (size_t index = 0; index < count; index++)
    {
      if (index > 0)
        {
          if (*text != ',')
            return NULL;
          text++;
          while (*text == ' ')
            text++;
        }
      if (!parse_scalar (type[index + 1], &text, &members[index]) || !ends_value (text, TRUE))
        return NULL;
    }
  if (text[0] != ')' || text[1] != '\0')
    return NULL;
  return new_tuple (type, members, count);
}
