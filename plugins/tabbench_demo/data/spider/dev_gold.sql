SELECT COUNT(*) FROM customers WHERE city = 'Oslo'	shop
SELECT name FROM products WHERE category = 'toys'	shop
SELECT COUNT(*) FROM customers WHERE age > 55	shop
SELECT price FROM products WHERE name = 'Red game 2'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Krakow'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'music' AND T1.year = 2022	shop
SELECT name FROM products WHERE category = 'tools' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'toys' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Valencia'	shop
SELECT COUNT(*) FROM students WHERE city = 'Bergen'	school
SELECT title FROM courses WHERE department = 'mathematics'	school
SELECT COUNT(*) FROM students WHERE grade = 3	school
SELECT credits FROM courses WHERE title = 'Advanced physics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Advanced biology'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'history' AND T1.year = 2021	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Intro to physics' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'travel'	library
SELECT COUNT(*) FROM books WHERE published > 2015	library
SELECT name FROM authors WHERE country = 'France'	library
SELECT pages FROM books WHERE title = 'The Mirror 36'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Bergen' AND year = 2023	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Egypt'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'crime' AND T1.branch_city = 'Porto'	library
SELECT COUNT(*) FROM customers WHERE city = 'Vienna'	shop
SELECT name FROM products WHERE category = 'games'	shop
SELECT COUNT(*) FROM customers WHERE age > 35	shop
SELECT price FROM products WHERE name = 'Red tool 7'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Ghent'	shop
SELECT SUM(T1.quantity) FROM orders AS T1 INNER JOIN products AS T2 ON T1.product_id = T2.product_id WHERE T2.category = 'kitchen' AND T1.year = 2022	shop
SELECT name FROM products WHERE category = 'garden' ORDER BY price DESC LIMIT 1	shop
SELECT T2.city FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T3.category = 'sports' GROUP BY T2.city ORDER BY COUNT(*) DESC LIMIT 1	shop
SELECT AVG(T3.price) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id INNER JOIN products AS T3 ON T1.product_id = T3.product_id WHERE T2.city = 'Lyon'	shop
SELECT COUNT(*) FROM students WHERE city = 'Porto'	school
SELECT title FROM courses WHERE department = 'art'	school
SELECT COUNT(*) FROM students WHERE grade = 7	school
SELECT credits FROM courses WHERE title = 'Seminar in mathematics'	school
SELECT AVG(T1.score) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.title = 'Seminar in art'	school
SELECT COUNT(*) FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id WHERE T2.department = 'chemistry' AND T1.year = 2021	school
SELECT T3.name FROM enrollments AS T1 INNER JOIN courses AS T2 ON T1.course_id = T2.course_id INNER JOIN students AS T3 ON T1.student_id = T3.student_id WHERE T2.title = 'Intro to art' ORDER BY T1.score DESC LIMIT 1	school
SELECT COUNT(*) FROM books WHERE genre = 'poetry'	library
SELECT COUNT(*) FROM books WHERE published > 2000	library
SELECT name FROM authors WHERE country = 'Austria'	library
SELECT pages FROM books WHERE title = 'The River 41'	library
SELECT COUNT(*) FROM loans WHERE branch_city = 'Turin' AND year = 2019	library
SELECT COUNT(*) FROM books AS T1 INNER JOIN authors AS T2 ON T1.author_id = T2.author_id WHERE T2.country = 'Ghana'	library
SELECT COUNT(*) FROM loans AS T1 INNER JOIN books AS T2 ON T1.book_id = T2.book_id WHERE T2.genre = 'drama' AND T1.branch_city = 'Krakow'	library
SELECT COUNT(*) FROM customers WHERE city = 'Leeds'	shop
SELECT COUNT(*) FROM customers WHERE age > 60	shop
SELECT price FROM products WHERE name = 'Fast kitche 44'	shop
SELECT COUNT(*) FROM orders AS T1 INNER JOIN customers AS T2 ON T1.customer_id = T2.customer_id WHERE T2.city = 'Oslo'	shop
