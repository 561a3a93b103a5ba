import { useState } from 'react';
import { secondaryButtonClass } from '../../../components/buttonClasses';
import { CourseEditor } from './CourseEditor';

/** The Courses category (domain/categories.ts): its products open with the course editor shown. */
const coursesCategoryId = 2;

/**
 * Course content on the product's page (docs/courses.md): any product may have lessons; a course shows the
 * editor at once, any other product behind one press (so its page does not load a course it lacks).
 */
export function CourseContentSection({ productId, categoryId }: { productId: string; categoryId: number }) {
  const [shown, setShown] = useState(categoryId === coursesCategoryId);
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      {shown ? (
        <CourseEditor productId={productId} />
      ) : (
        <button type="button" className={secondaryButtonClass} onClick={() => setShown(true)}>
          Add course content (lessons)
        </button>
      )}
    </div>
  );
}
